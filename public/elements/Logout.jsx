// Rendered after "Delete my account": the server has already ended every login of the account (its session
// rows went with the erasure), but only the browser can drop its cookie and leave the page, so this element
// asks it to log out, then goes to the login page.
import { useEffect } from "react";

export default function Logout() {
  useEffect(() => {
    fetch("/logout", { method: "POST", credentials: "include" })
      .finally(() => { window.location.href = "/login"; });
  }, []);
  return <span>Logging out…</span>;
}
