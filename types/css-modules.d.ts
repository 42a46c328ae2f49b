/** CSS modules of every workspace: webpack (css-loader) turns an import into a read-only class-name map. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
