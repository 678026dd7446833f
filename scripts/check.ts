import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/**
 * `npm run check`, the first step of `npm test`: the type check (`npm run typecheck`) and the linters
 * (`npm run lint`: Biome, then knip) at once. tsc works on one core for most of its 20 s, as knip does for
 * its 10 s, so on two cores the pair takes about as long as tsc alone. Each one's output is printed whole
 * once it ends, so the two never interleave; the step fails when either does.
 */
const require = createRequire(import.meta.url);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const steps = [
  { name: "typecheck", command: process.execPath, args: [require.resolve("typescript/bin/tsc"), "--noEmit"] },
  { name: "lint", command: npm, args: ["run", "--silent", "lint"] },
];

function run(step: (typeof steps)[number]): Promise<{ name: string; code: number; output: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(step.command, step.args, { shell: process.platform === "win32" });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.once("error", (error) => resolve({ name: step.name, code: 1, output: String(error) }));
    child.once("close", (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const output = Buffer.concat(chunks).toString("utf8");
      resolve({ name: `${step.name} (${seconds} s)`, code: code ?? 1, output });
    });
  });
}

const results = await Promise.all(steps.map(run));
for (const { name, code, output } of results) {
  console.log(`${code === 0 ? "✓" : "✗"} ${name}`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
