/** `scout tx blobs <hash>`: the EIP-4844 blobs a transaction carried. */
import { transactionBlobs } from '../../api/endpoints.js';
import { hashArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'blobs',
  description: 'EIP-4844 blobs of a transaction: versioned hash, size, KZG commitment',
  args: { hash: hashArg },
  help:
    'Explorers of Ethereum and its testnets keep blobs; another explorer answers that it has none (exit 3). ' +
    'With --json, each blob as sent, its data (131,072 bytes as hex) and KZG proof included.',
  examples: ['scout tx blobs 0x1e3763c5200cd39e70d498accc9be78fa3defca2342383e429f6bb22d714315c', "scout tx blobs 0x1e3763c5200cd39e70d498accc9be78fa3defca2342383e429f6bb22d714315c --ndjson | jq -r '.blob_data' | head -c 66"],
  request: ({ hash }) => transactionBlobs(hash),
  view: 'blobs',
});
