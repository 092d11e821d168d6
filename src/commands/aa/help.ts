/** Words the `aa` lists share in their --help. */
export const AA_LIST_HELP =
  "From the explorer's account abstraction service. An explorer without the service is exit 3, one line (with --chains, one line for that chain and the other chains still show).";
