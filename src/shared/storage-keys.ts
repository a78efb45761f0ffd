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
