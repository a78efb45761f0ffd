// Web Push on this device (issue 7 §4): subscribe through the service worker registration's
// PushManager with the server's VAPID key, and undo it. Offered only where the browser has a
// service worker, PushManager and Notification, and permission is not already refused.
import * as notificationsApi from '../api/notifications.ts';

export type PushAvailability = 'unsupported' | 'denied' | 'available';

export function pushAvailability(): PushAvailability {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'available';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  return (await navigator.serviceWorker.getRegistration().catch(() => undefined)) ?? null;
}

/** This browser's subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === 'unsupported') return null;
  const reg = await registration();
  return (await reg?.pushManager.getSubscription().catch(() => null)) ?? null;
}

/** Asks permission, subscribes this browser and registers it with the server. Throws an error code. */
export async function enablePush(publicKey: string): Promise<string> {
  if (pushAvailability() === 'unsupported') throw new Error('FORM_PUSH_NOT_SUPPORTED');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('FORM_PUSH_PERMISSION_DENIED');
  const reg = await registration();
  if (!reg) throw new Error('FORM_PUSH_NOT_SUPPORTED');
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another key (a different server) cannot receive ours.
  const key = sub?.options.applicationServerKey;
  if (
    sub &&
    key &&
    btoa(String.fromCharCode(...new Uint8Array(key))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))
  ) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  const json = sub.toJSON() as { endpoint?: string; keys?: { p256dh?: string; auth?: string } };
  const res = await notificationsApi.savePushSubscription({
    endpoint: json.endpoint ?? sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  });
  return res.success;
}

/** Turns pushes off for the account and removes this browser's subscription. */
export async function disablePush(): Promise<string> {
  const res = await notificationsApi.setPushPreference(false);
  const sub = await deviceSubscription();
  if (sub) {
    await notificationsApi.removePushSubscription(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe().catch(() => false);
  }
  return res.success;
}
