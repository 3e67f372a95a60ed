// --post-js of the threaded builds (CMakeLists.txt), inside the glue.
// Web: the pthread workers import the glue from Module.mainScriptUrlOrBlob,
// else from its file name beside the worker script; after a bundler renamed
// both (hashed asset names) only the glue's own URL still finds it.
if (!ENVIRONMENT_IS_NODE && !Module['mainScriptUrlOrBlob'] && typeof _scriptDir == 'string') {
  Module['mainScriptUrlOrBlob'] = _scriptDir;
}
// Node: lets the entry unref the pthread workers, so that a script using
// attnscope still exits when its work is done (3.1.6 keeps them referenced).
Module['unrefThreads'] = function () {
  PThread.unusedWorkers.concat(PThread.runningWorkers).forEach(function (w) { w.unref(); });
};
