import { z } from 'zod';

export const resumeField = z.object({ code: z.string(), name: z.string(), value: z.string() });
export const resumeList = z.object({
  code: z.string(),
  name: z.string(),
  columns: z.array(z.object({ key: z.string(), title: z.string() })),
  rows: z.array(z.record(z.string(), z.string())),
});
/** A resume as a template shows it: its groups of fields and lists, and the certificate photo. */
export const resumeView = z.object({
  certificateImage: z.string(),
  sections: z.array(z.object({ groupName: z.string(), fields: z.array(resumeField), lists: z.array(resumeList) })),
});
export type ResumeView = z.infer<typeof resumeView>;
