// Keys of the API answers a server-rendered page embeds (one per public API read), shared by the
// server (server/modules/courses/seo.ts) and the pages (src/ssr/data.tsx). No React here.
export const dataKeys = {
  courses: () => 'courses',
  course: (manual: string) => `course:${manual}`,
  chapter: (manual: string, chapter: string) => `chapter:${manual}/${chapter}`,
};
