/**
 * The sign-in snapshot's script (scripts/prerender-sign-in.ts): a tiny blocking script in the <head> of
 * dist/sign-in.html that
 * - marks <html data-no-snapshot> before the first paint when `/` will not show the sign-in form as it was
 *   photographed — someone signed in (the app takes them to their dashboard) or a sign-in in progress (the code
 *   step comes back); the style then hides the snapshot, and main.tsx removes it and renders the right screen;
 * - starts the app (the entry module, whose chunks the page already preloads) once the snapshot has been painted
 *   — the browser's first-contentful-paint entry, not a timer — so the form is on screen before any script runs.
 *   Without the snapshot, or in a browser that does not report paints, it starts at once.
 */
export const SNAPSHOT_HIDDEN_STYLE = 'html[data-no-snapshot] #root[data-snapshot]{display:none}';

export function signInHintScript(options: { authTokenKey: string; signInStateKey: string; entry: string }): string {
  return `(function(){var d=document,h=d.documentElement,started=false;
try{var t=localStorage.getItem(${JSON.stringify(options.authTokenKey)});if((t&&t.trim())||sessionStorage.getItem(${JSON.stringify(options.signInStateKey)}))h.setAttribute('data-no-snapshot','')}catch(e){}
function start(){if(started)return;started=true;var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(options.entry)};d.head.appendChild(s)}
var P=window.PerformanceObserver;
if(h.hasAttribute('data-no-snapshot')||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0){start();return}
new P(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();start()}}).observe({type:'paint',buffered:true})})();
`;
}
