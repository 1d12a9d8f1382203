// wgsl_scan.mjs - finds entry points in WGSL text without a parser: the attributes before each `fn` (comments
// stripped), enough to name the compute entry points whose pipelines the validator creates.
function stripComments(code) {
  return code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}

// [{ stage: 'compute'|'vertex'|'fragment', name }] in source order.
export function entryPoints(code) {
  const found = [];
  // A run of attributes (arguments with at most one level of parentheses), then `fn NAME`.
  const pattern = /((?:@\s*\w+\s*(?:\((?:[^()]|\([^()]*\))*\))?\s*)+)fn\s+([A-Za-z_][A-Za-z0-9_]*)/g;
  for (const match of stripComments(code).matchAll(pattern)) {
    const stage = /@\s*(compute|vertex|fragment)\b/.exec(match[1]);
    if (stage) found.push({ stage: stage[1], name: match[2] });
  }
  return found;
}

export function computeEntryPoints(code) {
  return entryPoints(code).filter((e) => e.stage === 'compute').map((e) => e.name);
}
