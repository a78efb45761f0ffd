// A course screen that could not load: the code's Romanian text, and the download hint offline.
import type { ApiError } from '../../api/errors.ts';
import { OFFLINE_HINT } from '../../offline/course-error.ts';
import { ErrorList } from '../../shell/form/ErrorList.tsx';

export function LoadError({ error }: { error: Pick<ApiError, 'code'> }) {
  return (
    <div className="content-error" role="alert">
      <ErrorList codes={[error.code]} className="form-errors" />
      {error.code === 'FORM_NETWORK_REQUIRED' ? <p className="muted">{OFFLINE_HINT}</p> : null}
    </div>
  );
}

export default LoadError;
