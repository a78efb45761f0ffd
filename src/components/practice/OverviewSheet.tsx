// Phone: every grid of the test and the side actions in a sheet (opened from the bottom bar).
// Choosing an action closes the sheet first.
import { Modal } from '../../shell/Modal.tsx';
import type { Cell } from '../../state/solve.ts';
import { Overview } from './Overview.tsx';
import { SideActions } from './SolveParts.tsx';

export type OverviewSheetProps = {
  open: boolean;
  cells: Cell[];
  answered: number;
  total: number;
  onClose: () => void;
  onSelect: (index: number) => void;
  onNextUnanswered: () => void;
  onFinish: () => void;
  onAbandon: () => void;
};

export function OverviewSheet({ open, cells, answered, total, onClose, onSelect, onNextUnanswered, onFinish, onAbandon }: OverviewSheetProps) {
  return (
    <Modal open={open} onClose={onClose} title={`Toate grilele · ${answered}/${total} răspunse`} className="modal--sheet">
      <Overview cells={cells} onSelect={onSelect} label="Toate grilele testului (foaie)" />
      <SideActions
        allAnswered={answered === total}
        onNextUnanswered={onNextUnanswered}
        onFinish={() => {
          onClose();
          onFinish();
        }}
        onAbandon={() => {
          onClose();
          onAbandon();
        }}
      />
    </Modal>
  );
}
