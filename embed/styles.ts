/**
 * The widget's one stylesheet, scoped by its shadow roots. Colours come from custom properties the embed sets on the
 * host element through the CSSOM (`style.setProperty`), which a page's CSP does not restrict (docs/decisions, embed).
 */
export const CSS = `
:host{all:initial;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1f2328;--ll-primary:#1c7ed6;--ll-on-primary:#fff}
*{box-sizing:border-box;font:inherit;color:inherit;margin:0}
.launcher{position:fixed;bottom:20px;z-index:2147483000;display:flex;align-items:center;gap:8px;min-height:52px;min-width:52px;padding:0 18px;border:0;border-radius:26px;background:var(--ll-primary);color:var(--ll-on-primary);font-weight:600;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25)}
.launcher svg{width:22px;height:22px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.right{right:20px}.left{left:20px}
.panel{position:fixed;bottom:84px;z-index:2147483001;width:min(370px,calc(100vw - 24px));max-height:calc(100vh - 104px);overflow:auto;background:#fff;border-radius:14px;box-shadow:0 10px 40px rgba(0,0,0,.28)}
.panel.right{right:12px}.panel.left{left:12px}
.head{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:12px 16px;background:var(--ll-primary);color:var(--ll-on-primary)}
.head strong{font-weight:700}
.who{display:flex;align-items:center;gap:10px;min-width:0}
.av{flex:none;width:32px;height:32px;border-radius:50%;object-fit:cover;display:inline-flex;align-items:center;justify-content:center;background:rgba(255,255,255,.22);font-size:13px;font-weight:700;letter-spacing:.5px}
.x{border:0;background:transparent;cursor:pointer;font-size:22px;line-height:1;padding:2px 6px;color:inherit}
.body{padding:14px 16px 16px}
.greet{background:#f1f3f5;border-radius:12px;padding:10px 12px;margin-bottom:12px;white-space:pre-wrap;overflow-wrap:anywhere}
.backdrop{position:fixed;inset:0;z-index:2147483002;background:rgba(0,0,0,.45);display:flex;align-items:center;justify-content:center;padding:12px}
.popup{width:min(420px,100%);max-height:calc(100vh - 24px);overflow:auto;background:#fff;border-radius:14px;box-shadow:0 10px 40px rgba(0,0,0,.3)}
.inline{display:block;background:#fff;border:1px solid #dee2e6;border-radius:12px;padding:16px}
form{display:block}
.field{margin-bottom:6px}
label.l{display:block;font-weight:600;margin-bottom:3px}
.req{color:#c92a2a}
input.i,textarea.i{display:block;width:100%;border:1px solid #adb5bd;border-radius:8px;padding:8px 10px;background:#fff;color:#1f2328;font-size:16px}
textarea.i{min-height:70px;resize:vertical}
.i:focus{outline:2px solid var(--ll-primary);outline-offset:1px}
.i[aria-invalid=true]{border-color:#c92a2a}
.err{min-height:1.45em;font-size:12.5px;color:#c92a2a}
.consent{display:flex;gap:8px;align-items:flex-start;font-size:12.5px;color:#495057;overflow-wrap:anywhere}
.consent input{margin-top:3px;flex:none;width:16px;height:16px}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.send{display:block;width:100%;min-height:42px;border:0;border-radius:8px;background:var(--ll-primary);color:var(--ll-on-primary);font-weight:700;cursor:pointer}
.send[disabled]{opacity:.65;cursor:wait}
.ok{padding:8px 0}
.ok strong{display:block;font-size:16px;font-weight:700;margin-bottom:6px}
.muted{color:#495057;font-size:13px}
.title{font-size:17px;font-weight:700;margin-bottom:8px}
.note{margin-bottom:8px}
.panel.chatting{display:flex;flex-direction:column;height:min(520px,calc(100vh - 104px));overflow:hidden}
.chatting .body,.chat{flex:1;min-height:0;display:flex;flex-direction:column}
.log{flex:1;min-height:0;display:flex;flex-direction:column;gap:8px;overflow-y:auto;margin-bottom:10px}
.msg{max-width:85%;padding:8px 11px;border-radius:14px;white-space:pre-wrap;overflow-wrap:anywhere}
.msg p{margin:0}
.them{align-self:flex-start;background:#f1f3f5;border-bottom-left-radius:4px}
.me{align-self:flex-end;background:var(--ll-primary);color:var(--ll-on-primary);border-bottom-right-radius:4px}
.me .t{color:inherit;opacity:.85}
.t{display:block;font-size:11.5px;margin-top:2px}
.compose{display:flex;gap:8px;align-items:flex-end}
.compose .i{min-height:44px;font-size:16px}
.compose .send{width:auto;padding:0 16px;min-height:44px;flex:none}
`;
