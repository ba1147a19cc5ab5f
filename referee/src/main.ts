// The referee page starts here: the <codex-referee> element in index.html does the rest.
import './ui/app.js';
