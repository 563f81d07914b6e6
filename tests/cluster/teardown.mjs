/** Global teardown of the cluster suite: stops the control server and the cluster (setup.mjs). */
export default async function teardown() {
  const state = globalThis.__portalCluster;
  if (!state) return;
  await new Promise((resolve) => state.control.close(resolve));
  await state.cluster.stop();
}
