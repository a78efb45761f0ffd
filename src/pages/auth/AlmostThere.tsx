import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { callName } from '../../shell/nav.ts';
import { setUser } from '../../state/user.ts';
import { showToast } from '../../state/toast.ts';
import { completeProfileBody } from '../../shared/validation.ts';
import { completeProfile } from '../../api/account.ts';
import { useForm } from '../../shell/form/useForm.ts';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { SubmitButton } from '../../shell/form/SubmitButton.tsx';
import { ProfileListsError, ProfileSelects, useProfileLists, type ProfileValues } from '../../shell/form/ProfileSelects.tsx';
import '../../styles/forms.css';

export default function AlmostThere() {
  const navigate = useNavigate();
  const { user } = useSnapshot(app);
  const { lists, error, reload } = useProfileLists();
  const form = useForm({
    initial: {
      manual_ids: user?.manual_ids ?? (user?.manual_id ? [user.manual_id] : []),
      specialization_id: user?.specialization_id ?? null,
      center_id: user?.center_id ?? null,
    } as ProfileValues,
    schema: completeProfileBody,
    onSubmit: async (body) => {
      const res = await completeProfile(body);
      if (res?.user) setUser(res.user);
      showToast(res?.success || 'PROFILE_COMPLETED', 'success');
      navigate('/teste', { replace: true });
    },
  });

  return (
    <section className="form-page" aria-labelledby="almost-title">
      <div className="form-card">
        <h1 id="almost-title" className="form-page__title">
          Încă un pas
        </h1>
        <p className="form-page__lead">
          {callName(user) ? `${callName(user)}, spune-ne` : 'Spune-ne'} după ce manuale înveți, ce specializare și ce centru
          universitar țintești, ca să-ți pregătim grilele potrivite.
        </p>
        <ProfileListsError error={error} onRetry={reload} />
        <form className="form" noValidate onSubmit={form.submit}>
          <ProfileSelects
            lists={lists}
            fields={{
              manual_ids: form.field('manual_ids'),
              specialization_id: form.field('specialization_id'),
              center_id: form.field('center_id'),
            }}
          />
          <FormErrors codes={form.general} />
          <SubmitButton busy={form.busy} disabled={!lists} busyLabel="Se salvează…">
            Salvează și începe
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
