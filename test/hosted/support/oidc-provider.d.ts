// oidc-provider ships no type declarations (and @types/oidc-provider is not installed): the test IdP uses it untyped.
declare module 'oidc-provider' {
  const Provider: new (issuer: string, configuration: unknown) => unknown;
  export default Provider;
  export const errors: { InvalidTarget: new (description?: string) => Error };
}
