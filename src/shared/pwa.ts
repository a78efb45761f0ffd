// Names shared by the service worker and the app.
export const COURSE_IMAGES_CACHE = 'grilio-course-images';
export const OUTBOX_SYNC_TAG = 'grilio-outbox';
export const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING', flushOutbox: 'FLUSH_OUTBOX' } as const;
