/** How to address a person: the name they asked to be called by, else their full name (Romanian
 *  order is often "Nume Prenume", so no part of it is guessed). The app's header and the e-mails. */
export function callName(user: { name?: string | null; call_name?: string | null } | null | undefined): string {
  return user?.call_name?.trim() || (user?.name ?? '').trim();
}
