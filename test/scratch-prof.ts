import { readSkillPackage, writeSkillPackage } from '@skillset/core';
for (const n of [1000, 2000, 4000, 8000]) {
  const files = Array.from({ length: n }, (_, index) => ({ path: `refs/f${index}.md`, bytes: new TextEncoder().encode(`# ${index}\n`) }));
  const zip = writeSkillPackage({ folderName: 'big', skillText: '---\nname: big\ndescription: Big one.\n---\nBody\n', files } as never);
  readSkillPackage(zip);
  const t = performance.now();
  readSkillPackage(zip);
  const w = performance.now();
  writeSkillPackage({ folderName: 'big', skillText: '---\nname: big\ndescription: Big one.\n---\nBody\n', files } as never);
  console.log(n, 'read', Math.round(w - t), 'write', Math.round(performance.now() - w));
}
