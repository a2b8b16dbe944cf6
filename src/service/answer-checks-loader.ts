/**
 * Each prompt answer checked by the schema the API parses that field with (contracts/answer-checks.ts), so a terminal
 * re-asks at once with the service's own rule. Loaded on demand: the schemas cost time a command without prompts
 * should not pay. A module of its own (re-exported by ports.ts) so that ports.ts only re-exports: the bundle then
 * reaches each name's own module (scripts/build.mjs "flatten-ports").
 */
export const loadAnswerChecks = () => import('./contracts/answer-checks.js');
