import { lazy, Suspense } from 'react';
import { LoadingState } from '../app/states.tsx';
// The editor's leave guard must see Back before the router does: its listener starts with the app.
import './gate-pop-state.ts';

// CodeMirror and core's validator load only when an editor or the upload page opens.
const NewSkill = lazy(() =>
  import('./skill-editor-page.tsx').then((module) => ({ default: module.NewSkillPage })),
);
const EditSkill = lazy(() =>
  import('./skill-editor-page.tsx').then((module) => ({ default: module.EditSkillPage })),
);
const SkillUpload = lazy(() =>
  import('../upload/skill-upload-page.tsx').then((module) => ({ default: module.SkillUploadPage })),
);

/** `/skills/new`, loaded on demand. */
export function NewSkillPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading the editor…" />}>
      <NewSkill />
    </Suspense>
  );
}

/** `/skills/:name/edit`, loaded on demand. */
export function EditSkillPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading the editor…" />}>
      <EditSkill />
    </Suspense>
  );
}

/** `/skills/upload`, loaded on demand. */
export function SkillUploadPage() {
  return (
    <Suspense fallback={<LoadingState label="Loading…" />}>
      <SkillUpload />
    </Suspense>
  );
}
