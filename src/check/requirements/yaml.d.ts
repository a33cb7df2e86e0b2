// The build (scripts/build.mjs) and vitest (vitest.config.ts) turn a YAML file into its parsed value.
declare module '*.yaml' {
  const data: unknown;
  export default data;
}
