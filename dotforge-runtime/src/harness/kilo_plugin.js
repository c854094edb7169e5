// Kilo Code runs this plugin. It sends every tool call to the dotforge hook before the call runs and after it, and
// every prompt, in Claude Code's payload shape, and refuses what the hook refuses: the model reads the reason. It
// fails closed: a hook that cannot run, exits with an error, times out or prints something unreadable refuses the
// call. Kilo Code runs the tools when a plugin does not load, so `install` also wrote `permission: {"*": "deny"}`
// into the config beside this plugin's folder; this plugin removes that rule from the loaded config, and without it
// the model is offered no tool.

const COMMAND = {command};
const TIMEOUT_MS = {timeout_ms};

// The hook's answer to one payload ({} when it has nothing to say); throws when the hook did not answer properly.
async function hook(directory, payload) {
  let child;
  try {
    child = Bun.spawn(["/bin/sh", "-c", COMMAND], {
      cwd: directory,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, CLAUDE_PROJECT_DIR: directory },
    });
  } catch (error) {
    throw new Error(`[forge] the dotforge hook could not start (${error?.message ?? error}): the call is refused`);
  }
  const timer = setTimeout(() => child.kill(9), TIMEOUT_MS);
  let out, code;
  try {
    child.stdin.write(JSON.stringify({ cwd: directory, ...payload }));
    child.stdin.end();
    [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  } finally {
    clearTimeout(timer);
  }
  if (code !== 0) {
    throw new Error(`[forge] the dotforge hook failed (exit status ${code}): the call is refused until it runs again`);
  }
  if (out.trim() === "") return {};
  try {
    return JSON.parse(out);
  } catch {
    throw new Error("[forge] the dotforge hook printed something unreadable: the call is refused");
  }
}

// Throws the reason of a refusal: a deny or an ask before a call, a block of a prompt.
function refuse(answer) {
  const specific = answer.hookSpecificOutput ?? {};
  if (specific.permissionDecision === "deny" || specific.permissionDecision === "ask") {
    throw new Error(specific.permissionDecisionReason ?? "[forge] refused by the dotforge hook");
  }
  if (answer.decision === "block") throw new Error(answer.reason ?? "[forge] refused by the dotforge hook");
}

export const Dotforge = async ({ directory }) => ({
  config: async (config) => {
    if (config.permission?.["*"] === "deny") delete config.permission["*"];
  },
  "chat.message": async (input, output) => {
    const prompt = (output.parts ?? []).filter((part) => part.type === "text").map((part) => part.text).join("\n");
    refuse(await hook(directory, { hook_event_name: "UserPromptSubmit", session_id: input.sessionID, prompt }));
  },
  "tool.execute.before": async (input, output) => {
    const call = { session_id: input.sessionID, tool_name: input.tool, tool_input: output.args, tool_use_id: input.callID };
    refuse(await hook(directory, { hook_event_name: "PreToolUse", ...call }));
  },
  "tool.execute.after": async (input, output) => {
    // An MCP tool's result is its own object (`content`); a built-in tool's, its text (`output`).
    const mcp = Array.isArray(output?.content);
    const response = mcp ? { content: output.content } : { output: output?.output };
    const call = { session_id: input.sessionID, tool_name: input.tool, tool_input: input.args, tool_use_id: input.callID };
    const answer = await hook(directory, { hook_event_name: "PostToolUse", ...call, tool_response: response });
    const specific = answer.hookSpecificOutput ?? {};
    // The output with its secrets withheld, in the shape it was sent.
    const updated = specific.updatedToolOutput;
    if (updated && mcp && Array.isArray(updated.content)) output.content = updated.content;
    if (updated && !mcp && typeof updated.output === "string") output.output = updated.output;
    const note = [answer.decision === "block" ? answer.reason : null, specific.additionalContext].filter(Boolean).join("\n\n");
    if (note && mcp) output.content = [...output.content, { type: "text", text: note }];
    if (note && !mcp && typeof output.output === "string") output.output = `${output.output}\n\n${note}`;
  },
});
