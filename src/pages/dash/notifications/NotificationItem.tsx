// One notification of the feed: unread ones stand out; opening one marks it read and follows its link.
import { useNavigate } from 'react-router';
import type { NotificationPayload } from '../../../shared/notification-payloads.ts';
import { Icon, type IconName } from '../../../shell/icons.tsx';

const ICONS: Record<string, IconName> = {
  friend_request: 'users',
  friend_accepted: 'users',
  message: 'message',
  comment_reply: 'message',
  report: 'check',
  announcement: 'bell',
  scan: 'check',
};

const relative = new Intl.RelativeTimeFormat('ro-RO', { numeric: 'auto' });
/** "acum 5 minute", "ieri", then the date. */
export function when(iso: string, now = Date.now()): string {
  const s = Math.round((Date.parse(iso) - now) / 1000);
  if (s > -60) return 'chiar acum';
  if (s > -3600) return relative.format(Math.round(s / 60), 'minute');
  if (s > -86_400) return relative.format(Math.round(s / 3600), 'hour');
  if (s > -7 * 86_400) return relative.format(Math.round(s / 86_400), 'day');
  return new Date(iso).toLocaleDateString('ro-RO', { day: 'numeric', month: 'long', year: 'numeric' });
}

export function NotificationItem({
  n,
  onOpen,
}: {
  n: NotificationPayload;
  onOpen: (n: NotificationPayload) => Promise<void>;
}) {
  const navigate = useNavigate();
  const open = async () => {
    await onOpen(n);
    if (n.link) void navigate(n.link);
  };
  return (
    <li className={`notification${n.read ? '' : ' notification--unread'}`}>
      <button
        type="button"
        className="notification__button"
        onClick={() => void open()}
        aria-label={`${n.read ? '' : 'Necitită: '}${n.title}`}
      >
        <span className="notification__icon" aria-hidden="true">
          <Icon name={ICONS[n.type] ?? 'bell'} />
        </span>
        <span className="notification__body">
          <span className="notification__title">{n.title}</span>
          <span className="notification__message">{n.message}</span>
          <time className="notification__time" dateTime={n.created_at}>
            {when(n.created_at)}
          </time>
        </span>
        {n.read ? null : <span className="notification__dot" aria-hidden="true" />}
      </button>
    </li>
  );
}
