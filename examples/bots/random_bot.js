// A cardarena bot in JavaScript (node): picks a random option. The protocol is docs/protocol.md:
// one JSON object per line on stdin; answer each "decision" with {"seq": N, "option": ID} on stdout.
const readline = require("readline");

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);
  if (msg.type === "decision") {
    const options = msg.decision.options;
    const pick = options[Math.floor(Math.random() * options.length)];
    process.stdout.write(JSON.stringify({ seq: msg.seq, option: pick.id }) + "\n");
  } else if (msg.type === "end") {
    rl.close();
  }
});
