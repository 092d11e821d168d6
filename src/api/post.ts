/**
 * The name of the HTTP layer's one POST-capable method (http.ts defines it, `Http[postJsonRpc]`).
 * scout sends POST to the explorer's JSON-RPC endpoint and nowhere else: the rule only-rpc-posts in
 * .dependency-cruiser.mjs lets only http.ts and the JSON-RPC client (rpc.ts) import this name, so no
 * other module can reach the method.
 */
export const postJsonRpc: unique symbol = Symbol('postJsonRpc');
