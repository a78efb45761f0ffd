// The questions asked before the group actions that cannot be undone (useConfirm.tsx). Neutral
// wording: the member may be anyone ("Fă-l creator" read wrong on a woman's row).
import type { GroupMember } from '../../../shared/group-payloads.ts';
import type { Ask } from './useConfirm.tsx';

export const askKick = (m: GroupMember, action: () => void): Ask => ({
  title: 'Elimini participantul?',
  text: `${m.name} iese din test și nu mai poate reveni, nici prin invitație, nici cu codul.`,
  confirm: 'Elimină',
  action,
});

export const askCreator = (m: GroupMember, action: () => void): Ask => ({
  title: 'Predai rolul de creator?',
  text: `${m.name} va putea porni și opri testul și elimina participanți. Tu rămâi în test, fără aceste drepturi.`,
  confirm: 'Predă rolul',
  action,
});

export const askStop = (running: boolean, action: () => void): Ask => ({
  title: 'Oprești testul pentru toți?',
  text: running
    ? 'Testul se încheie acum pentru toți participanții; grila deschisă nu se mai punctează. Nu poate fi reluat.'
    : 'Testul se anulează pentru toți participanții și nu poate fi reluat.',
  confirm: 'Oprește testul',
  action,
});

export const askLeave = (running: boolean, creator: boolean, action: () => void): Ask => ({
  title: 'Părăsești testul?',
  text:
    (running ? 'Grilele la care nu răspunzi rămân fără punctaj. Poți reveni cât timp testul continuă.' : 'Poți intra din nou cât timp testul nu a început.') +
    (creator ? ' Rolul de creator trece la următorul participant; dacă nu mai e nimeni, testul se oprește.' : ''),
  confirm: 'Părăsește',
  action,
});
