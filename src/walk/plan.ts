/** The seed's DAG plan for embedding a walk in an episode, unchanged in shape (`retrospect walk --plan`). */
export const WALK_PLAN_TOML = `[plan]
name = "retrospective-walk"
version = "0.1.0"
description = "Guided retrospective over changes with what/why/who and comment capture as evidence"
owner = "verivus-oss"

[[node]]
id = "resolve-scope"
type = "data"
outputs = ["change_units", "provenance_context"]

[[node]]
id = "analyze-changes"
type = "compute"
inputs = ["change_units", "provenance_context", "models_for_why"]
outputs = ["analyzed_units"]

[[node]]
id = "capture-comments"
type = "human-or-agent"
inputs = ["analyzed_units"]
outputs = ["comments"]

[[node]]
id = "synthesize-retrospective"
type = "compute"
inputs = ["analyzed_units", "comments", "provenance_context"]
outputs = ["retrospective_markdown", "retrospective_json"]

[[node]]
id = "emit-evidence"
type = "side-effect"
inputs = ["retrospective_json", "comments", "analyzed_units"]
outputs = ["validation_receipt_id"]
`;
