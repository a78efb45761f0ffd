// The notices every simulation page shows above its list: offline (the lists need the network)
// and the last request's error.
import { messageFor } from '../../shared/messages.ro.ts';

export function PageNotices({ online, error, product }: { online: boolean; error: string | null; product: string }) {
  return (
    <>
      {!online ? <p className="notice notice--offline">{messageFor('FORM_NETWORK_REQUIRED', product)}</p> : null}
      {error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : null}
    </>
  );
}
