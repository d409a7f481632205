import path from 'node:path';

/**
 * Who may import what inside src/ (docs/architecture.md, "Frontend"):
 * - a feature (`features/<x>/**`) imports shared code (`api/`, `lib/`, `components/`) and its own files,
 *   never another feature;
 * - `app/` imports from a feature only its `routes.tsx`, the page registry the router is built from;
 * - `api/`, `lib/`, `components/` and the test helpers in `test/` never import a feature.
 * Every import is resolved against the importing file, so the `@/` alias and relative paths
 * (`../../features/x/...`, or `../../x/...` from inside another feature) are judged alike.
 */

const SHARED_LAYERS = new Set(['api', 'lib', 'components', 'test']);

/** `src`-relative path segments of a module specifier, or null for a package import. */
function resolveSpecifier(filename, srcDir, specifier) {
  let absolute;
  if (specifier.startsWith('@/')) absolute = path.join(srcDir, specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../')) absolute = path.resolve(path.dirname(filename), specifier);
  else return null;
  const relative = path.relative(srcDir, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep);
}

function isRoutesModule(segments) {
  return segments.length === 3 && /^routes(\.tsx?)?$/.test(segments[2]);
}

/** The message id for an import of `target` from `source` (both src-relative segments), or null when allowed. */
export function boundaryViolation(source, target) {
  if (target[0] !== 'features' || target.length < 2) return null;
  const targetFeature = target[1];
  const layer = source[0];
  if (layer === 'features') {
    const feature = source[1];
    if (feature === targetFeature) return null;
    return 'crossFeature';
  }
  if (layer === 'app' || layer === 'main.tsx') return isRoutesModule(target) ? null : 'appIntoFeature';
  if (SHARED_LAYERS.has(layer)) return 'sharedIntoFeature';
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features do not import each other; shared layers do not import features.' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, required: ['srcDir'], additionalProperties: false }],
    messages: {
      crossFeature:
        "'{{specifier}}' is another feature's code ({{target}}). Features do not import each other: move what both need to lib/ or components/.",
      appIntoFeature: "'{{specifier}}': app/ imports from a feature only its routes.tsx.",
      sharedIntoFeature: "'{{specifier}}': {{layer}}/ is shared code and never imports a feature ({{target}}).",
    },
  },
  create(context) {
    const srcDir = path.resolve(context.options[0].srcDir);
    const sourceRelative = path.relative(srcDir, context.filename);
    if (sourceRelative.startsWith('..') || path.isAbsolute(sourceRelative)) return {};
    const source = sourceRelative.split(path.sep);

    function check(node) {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const target = resolveSpecifier(context.filename, srcDir, node.value);
      if (!target) return;
      const messageId = boundaryViolation(source, target);
      if (messageId) {
        context.report({
          node,
          messageId,
          data: { specifier: node.value, target: `features/${target[1]}`, layer: source[0] },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // vi.mock('...') and vi.importActual('...') load a module too.
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'importActual', 'importMock'].includes(callee.property.name)
        ) {
          check(node.arguments[0]);
        }
      },
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
