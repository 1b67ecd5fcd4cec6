import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const COMPILER = {
  module: ts.ModuleKind.ESNext,
  target: ts.ScriptTarget.ES2022,
  isolatedModules: true,
  esModuleInterop: true,
  sourceMap: false,
};

export async function resolve(specifier, context, next) {
  const fromTs = context.parentURL?.endsWith('.ts');
  if (fromTs && (specifier.startsWith('./') || specifier.startsWith('../'))) {
    const base = new URL(specifier, context.parentURL).href;
    for (const candidate of [base, `${base}.ts`, `${base}/index.ts`]) {
      const file = fileURLToPath(candidate);
      if (candidate.endsWith('.ts') && fs.existsSync(file) && fs.statSync(file).isFile()) return { url: candidate, shortCircuit: true };
    }
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const fileName = fileURLToPath(url);
  const { outputText } = ts.transpileModule(fs.readFileSync(fileName, 'utf8'), { fileName, compilerOptions: COMPILER });
  return { format: 'module', source: outputText, shortCircuit: true };
}
