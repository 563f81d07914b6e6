/**
 * Loaded with `node --require` before `next start` listens (scripts/start.mjs, scripts/lib/server.mjs). Next.js
 * listens before it runs instrumentation.ts, and a request that arrives in between reaches Next.js without having
 * passed the host lane's hook (lib/server/lanes/host-lane.ts), so a header x-portal-routed sent by the client would make
 * Next.js skip proxy.ts for it. Until the lane is installed, this removes that header from every request; the lane
 * then removes it itself before deciding.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS file for node --require */
const net = require('node:net');

const ROUTED_HEADER = 'x-portal-routed';
/** Set on net.Server.prototype by the lane (lib/server/lanes/host-lane laneInstalled): shared by every module realm. */
const LANE_INSTALLED = Symbol.for('portal.laneInstalled');

const emit = net.Server.prototype.emit;
net.Server.prototype.emit = function (event, ...args) {
  if (event === 'request' && !net.Server.prototype[LANE_INSTALLED] && args[0] && args[0].headers)
    delete args[0].headers[ROUTED_HEADER];
  return emit.call(this, event, ...args);
};
