// Ends the session: the server clears its cookie, then the page reloads into the sign-in page.
export async function signOut(): Promise<void> {
  try {
    await fetch('/__session', {method: 'DELETE', credentials: 'same-origin'});
  } finally {
    window.location.reload();
  }
}
