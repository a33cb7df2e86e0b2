/** The words of a parameter or field name: `imageUrl` -> ['image', 'url']; `webhook_url` -> ['webhook', 'url']. */
export const nameWords = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
