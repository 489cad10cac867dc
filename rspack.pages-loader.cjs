// Adds the remote's contract (rspack.contract.ts) to its ./pages module as `export const
// contract`, so a shell that reads a remote's pages from the remote itself (no /config.json
// pages: a remote served elsewhere) checks it as well. Valid TypeScript and JavaScript alike.
module.exports = function pagesLoader(source) {
  const { contract } = this.getOptions();
  return `${source}\nexport const contract = ${JSON.stringify(contract)};\n`;
};
