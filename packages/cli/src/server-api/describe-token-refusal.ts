/** The message for a 401: the server's reason, and where a person gets a token. */
export function describeTokenRefusal(reason: string): string {
  return `The server refused the token (401${reason ? `: ${reason}` : ''}); create one in the web UI's settings and pass it with --token or SKILLSET_TOKEN.`;
}
