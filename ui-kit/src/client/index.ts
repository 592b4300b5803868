// The kit's door to @atende/client, the typed API client generated from api/openapi.json (its own package, in
// ../client): the kit's modules import it through here.
export * from '@atende/client';
