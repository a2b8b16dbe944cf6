/**
 * Execution trace: the engines call `trace(flow, node)` for each step they actually take, so the service can
 * keep an execution history of a calculation. The callback is optional and must not throw.
 */
export type Trace = (flow: string, node: string) => void;
