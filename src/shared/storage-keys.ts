// Browser storage keys of SPEC §3. Values are strings; flags store '1'.
export const STORAGE = {
  token: 'token',
  emailVerified: 'email-verified',
  profileCompleted: 'profile-completed',
  simulationMedinsiderUuid: 'simulation-medinsider-uuid',
  theme: 'theme',
  hideInstallPwa: 'hide-install-pwa',
  lastRefresh: 'lastRefresh',
  redirect: 'redirect',
  cookiePreferences: 'cookiePreferences',
  userId: 'user_id',
  manualId: 'manual_id',
  soundEffects: 'sound-effects',
  hasSeenAnnouncement: 'hasSeenAnnouncement',
  /** Last user answer, so the installed app still knows who is signed in while offline. */
  cachedUser: 'cached-user',
  /** Id of this device's IndexedDB: a mismatch at start means the browser's storage was cleared. */
  deviceDbId: 'device-db-id',
  /** Unsent outbox entries last seen (to tell the user when cleared storage took answers with it). */
  outboxPending: 'outbox-pending',
  /** When this browser first opened the app (a later session makes it a second visit). */
  firstVisit: 'first-visit',
  /** '1' once the candidate has used the app (second visit or a finished test): the install banner may show. */
  usedApp: 'used-app',
  /** Which centres' scoring rules are confirmed, as the admin last set them ({ slug: known }). */
  scoringKnown: 'scoring-known',
  /** Manuals, specializations and centres as last read (the own centre is known offline too). */
  profileLists: 'profile-lists',
} as const;

/** Keys removed by logout (SPEC §4). */
export const LOGOUT_CLEARED_KEYS = [
  STORAGE.profileCompleted,
  STORAGE.token,
  STORAGE.userId,
  STORAGE.manualId,
  STORAGE.simulationMedinsiderUuid,
  STORAGE.soundEffects,
  STORAGE.cachedUser,
] as const;
