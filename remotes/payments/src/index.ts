// The remote's own entry: remotes are consumed through remoteEntry.js; this keeps a standalone build valid.
export {};
