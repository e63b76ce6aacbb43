/* global module */
'use strict';
// side-channel's API (qs, through @refinedev/core, is its one user in the app) on the built-in
// WeakMap and Map, which every supported browser has. The package reaches the same collections
// through get-intrinsic and describes keys with object-inspect: some 30 KB of script on every first
// screen for an error message. vite.config.ts aliases `side-channel` here; the unit test
// tests/unit/side-channel-shim.test.ts holds it to the package's behaviour.

function isObjectKey(key) {
  return key !== null && (typeof key === 'object' || typeof key === 'function');
}

module.exports = function getSideChannel() {
  var objects;
  var others;
  var store = function (key) {
    return isObjectKey(key) ? objects : others;
  };
  var channel = {
    assert: function (key) {
      if (!channel.has(key)) {
        throw new TypeError('Side channel does not contain ' + (isObjectKey(key) ? 'the given object key' : String(key)));
      }
    },
    delete: function (key) {
      var found = store(key);
      return !!found && found.delete(key);
    },
    get: function (key) {
      var found = store(key);
      return found && found.get(key);
    },
    has: function (key) {
      var found = store(key);
      return !!found && found.has(key);
    },
    set: function (key, value) {
      if (isObjectKey(key)) (objects = objects || new WeakMap()).set(key, value);
      else (others = others || new Map()).set(key, value);
    },
  };
  return channel;
};
