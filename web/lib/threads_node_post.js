// --post-js of the threaded Node build (CMakeLists.txt): lets the Node entry
// unref the pthread workers, so that a script using attnscope still exits
// when its work is done (Emscripten 3.1.6 keeps them referenced).
Module['unrefThreads'] = function () {
  PThread.unusedWorkers.concat(PThread.runningWorkers).forEach(function (w) { w.unref(); });
};
