// The study plan to the exam dates (issue 31 §1), shared by the server and the offline device.
export * from './calendar.ts';
export * from './constants.ts';
export * from './types.ts';
export { buildPlan, readingMinutes } from './planner.ts';
export { explain, workDue } from './explain.ts';
export { explanationText } from './texts.ro.ts';
