// browser.js CHROMIUM URL EXPRESSION SECONDS: open URL in headless Chromium,
// evaluate EXPRESSION in the page (it may return a promise; it waits for what
// it needs itself) and print its value, a string, on stdout. Speaks the
// DevTools protocol over a pipe (--remote-debugging-pipe: Chromium reads
// NUL-terminated JSON messages on its fd 3 and writes them on its fd 4), so it
// needs no package but Node.js. Exits 1 with a line on stderr when the page
// gives no answer within SECONDS, 2 on a bad use.
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [chromium, url, expression, seconds] = process.argv.slice(2);
if (!chromium || !url || !expression || !(Number(seconds) > 0)) {
	process.stderr.write('usage: node browser.js CHROMIUM URL EXPRESSION SECONDS\n');
	process.exit(2);
}
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'specdec-browser-'));
const child = spawn(chromium, ['--headless', '--no-sandbox', '--disable-gpu',
	'--no-first-run', '--remote-debugging-pipe', '--user-data-dir=' + profile,
	'about:blank'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
let nextId = 1, buffered = '';
const waiting = new Map();

let finished = false;
function finish(code, line, out) {
	if (finished)
		return;
	finished = true;
	clearTimeout(timer);
	if (out !== undefined)
		process.stdout.write(out + '\n');
	if (line)
		process.stderr.write('browser.js: ' + line + '\n');
	const done = () => {
		fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
		process.exit(code);
	};
	if (child.exitCode !== null || child.signalCode !== null)
		return done();
	child.removeAllListeners('exit');
	child.on('exit', done);
	// closed by the protocol, Chromium ends its own processes (and their CPU
	// time counts in ours); killed only when it does not
	setTimeout(() => child.kill('SIGKILL'), 5000).unref();
	try {
		child.stdio[3].write(JSON.stringify({ id: nextId++, method: 'Browser.close' }) + '\0');
	} catch (e) {
		child.kill('SIGKILL');
	}
}
const timer = setTimeout(() => finish(1, 'no answer from the page within ' +
	seconds + ' s'), Number(seconds) * 1000);
child.on('error', (e) => finish(1, 'cannot start ' + chromium + ': ' + e.message));
child.on('exit', (code) => finish(1, chromium + ' ended (status ' + code + ')'));

function send(method, params, sessionId) {
	const id = nextId++;
	const msg = { id, method, params: params || {} };
	if (sessionId)
		msg.sessionId = sessionId;
	child.stdio[3].write(JSON.stringify(msg) + '\0');
	return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

child.stdio[4].on('data', (chunk) => {
	buffered += chunk.toString('utf8');
	let end;
	while ((end = buffered.indexOf('\0')) >= 0) {
		const msg = JSON.parse(buffered.slice(0, end));
		buffered = buffered.slice(end + 1);
		const w = msg.id !== undefined ? waiting.get(msg.id) : undefined;
		if (!w)
			continue;
		waiting.delete(msg.id);
		if (msg.error)
			w.reject(new Error(msg.error.message));
		else
			w.resolve(msg.result);
	}
});

(async () => {
	const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
	const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
	await send('Page.navigate', { url }, sessionId);
	let r;
	for (;;) {	// the page's own context may replace about:blank's after navigate
		try {
			r = await send('Runtime.evaluate', { expression, awaitPromise: true,
				returnByValue: true }, sessionId);
			break;
		} catch (e) {
			if (!/context/i.test(e.message))
				throw e;
			await new Promise((res) => setTimeout(res, 50));
		}
	}
	if (r.exceptionDetails)
		finish(1, 'the expression failed: ' + (r.exceptionDetails.exception ?
			r.exceptionDetails.exception.description : r.exceptionDetails.text));
	finish(0, '', String(r.result.value));
})().catch((e) => finish(1, e.message));
