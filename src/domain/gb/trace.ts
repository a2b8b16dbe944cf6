/**
 * Execution trace: the engines call `trace(flow, node)` for each step they actually take, so the service can
 * keep an execution history of a calculation. The callback is optional and must not throw.
 *
 * A step may carry the figures it worked with (`values`: HMRC's names → decimal strings), so that a stored run
 * can explain a figure from the engine's own steps (issue 18 point 7) instead of a second calculation. Engines
 * write `trace?.(flow, node, { … })`: without a trace the optional call does not evaluate its arguments, so an
 * untraced calculation (the bench) builds no values at all.
 */
export type TraceValues = Readonly<Record<string, string>>;
export type Trace = (flow: string, node: string, values?: TraceValues) => void;
