// The referee page starts here. The banker's tablet gets <codex-referee>; a player's phone that
// scanned its country's code (…/?phone=<token>) gets the read-only <codex-phone> instead.
import './ui/app.js';
import './live/phone-app.js';

const phone = new URLSearchParams(location.search).has('phone');
document.getElementById('app')?.replaceWith(document.createElement(phone ? 'codex-phone' : 'codex-referee'));
