// Kilo Code runs this plugin; it sends every tool call to the dotforge hook before the call runs and after it, in
// Claude Code's payload shape, and refuses the call when the hook refuses it. It fails closed: a hook that cannot
// run, exits with an error or prints something unreadable refuses the call too.
import { spawnSync } from "node:child_process";

const COMMAND = {command};
const TIMEOUT_MS = {timeout_ms};

// The hook's answer to one payload (null: nothing to say); throws when the hook did not answer properly.
function hook(payload) {
  const run = spawnSync("/bin/sh", ["-c", COMMAND], {
    input: JSON.stringify(payload),
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: 64 * 1024 * 1024,
  });
  const failed = run.error ? run.error.message : run.status !== 0 ? `exit status ${run.status}` : null;
  if (failed) {
    throw new Error(`[forge] the dotforge hook did not run (${failed}): the call is refused until it runs again`);
  }
  const text = (run.stdout || "").trim();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error("[forge] the dotforge hook printed something unreadable: the call is refused");
  }
}

function payload(event, input, output, directory, extra) {
  return {
    hook_event_name: event,
    session_id: input.sessionID,
    tool_use_id: input.callID,
    cwd: directory,
    tool_name: input.tool,
    tool_input: (output && output.args) || {},
    ...extra,
  };
}

export const Dotforge = async ({ directory }) => {
  const args = new Map(); // each call's arguments, for its PostToolUse
  return {
    "tool.execute.before": async (input, output) => {
      args.set(input.callID, output.args);
      const answer = hook(payload("PreToolUse", input, output, directory, {}));
      const decision = answer && answer.hookSpecificOutput;
      if (decision && (decision.permissionDecision === "deny" || decision.permissionDecision === "ask")) {
        throw new Error(decision.permissionDecisionReason || "[forge] refused by the dotforge hook");
      }
    },
    "tool.execute.after": async (input, output) => {
      const called = { args: args.get(input.callID) };
      args.delete(input.callID);
      const answer = hook(
        payload("PostToolUse", input, called, directory, { tool_response: { output: output.output } }),
      );
      const specific = (answer && answer.hookSpecificOutput) || {};
      // The output with its secrets withheld, in the shape it was sent.
      if (specific.updatedToolOutput && typeof specific.updatedToolOutput.output === "string") {
        output.output = specific.updatedToolOutput.output;
      }
      const reason = answer && answer.decision === "block" ? answer.reason : null;
      const note = [reason, specific.additionalContext].filter(Boolean).join("\n\n");
      if (note && typeof output.output === "string") output.output = `${output.output}\n\n${note}`;
    },
  };
};
