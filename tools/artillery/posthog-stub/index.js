'use strict';
// Artillery's telemetry client, made to send nothing (see package.json).
class PostHog {
  capture() {}
  async shutdownAsync() {}
  async shutdown() {}
}
module.exports = { PostHog };
