// Lets non-React code (the API client's 401 rule, logout) navigate with the router.
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export function setNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigate(to: string, opts?: { replace?: boolean }): void {
  navigateImpl(to, opts);
}

export function currentPath(): string {
  return window.location.pathname;
}
