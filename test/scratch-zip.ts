import { writeSkillPackage } from '@skillset/core';
import { createTestApp } from '@skillset/server/test';
await using server = await createTestApp();
for (const n of [10_000, 500]) {
  const files = Array.from({ length: n }, (_, index) => ({ path: `refs/f${index}.md`, bytes: new TextEncoder().encode(`# ${index}\n`) }));
  const zip = writeSkillPackage({ folderName: `big-${n}`, skillText: `---\nname: big-${n}\ndescription: Big one.\n---\nBody\n`, files });
  let t = performance.now();
  const response = await server.request('POST', '/api/skills/validate', { token: server.owner.token, headers: { 'content-type': 'application/zip' }, body: zip });
  console.log(n, 'validate', response.status, Math.round(performance.now() - t), (await response.text()).slice(0, 160));
  t = performance.now();
  const up = await server.request('POST', '/api/skills/upload', { token: server.owner.token, headers: { 'content-type': 'application/zip' }, body: zip });
  console.log(n, 'upload', up.status, Math.round(performance.now() - t), (await up.text()).slice(0, 160));
  if (up.status === 201) {
    t = performance.now();
    const dl = await server.request('GET', `/api/skills/big-${n}/download`, { token: server.owner.token });
    console.log(n, 'download', dl.status, Math.round(performance.now() - t), (await dl.arrayBuffer()).byteLength);
  }
}
