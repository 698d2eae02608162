// Rendered after "Delete my account": the server cannot end a browser session by itself (the login is a
// stateless cookie), so this element asks the browser to log out, then goes to the login page.
import { useEffect } from "react";

export default function Logout() {
  useEffect(() => {
    fetch("/logout", { method: "POST", credentials: "include" })
      .finally(() => { window.location.href = "/login"; });
  }, []);
  return <span>Logging out…</span>;
}
