/* tui_handlers.h: the handlers of the key table's rows (tui_keys.c), what each
 * key of the live view does; tui_actions.c defines them. A handler is given its
 * row: the direction and the step are the row's ladder's, so that a step size
 * is written in the row alone. (A header of its own, including nothing, so the
 * table and the actions include it without including each other.) */
#ifndef SPECDEC_TUI_HANDLERS_H
#define SPECDEC_TUI_HANDLERS_H

struct tui;
struct tui_key;

/* What a key does to the view t, given its row for the ladder. */
typedef void tui_key_handler(struct tui *t, const struct tui_key *k);

/* The run: pause or resume (or slow motion's stages go on by themselves); one
 * step; the rate along its ladder. */
tui_key_handler tui_act_pause, tui_act_step, tui_act_speed;

/* The model along the row's ladder; a change that alters the run starts a new
 * statistics segment (sim.h). */
tui_key_handler tui_act_gamma, tui_act_noise, tui_act_target_cost, tui_act_draft_cost,
    tui_act_verify_cost, tui_act_rule, tui_act_schedule, tui_act_lenience,
    tui_act_threshold, tui_act_temperature, tui_act_draft_temperature,
    tui_act_reset, tui_act_reseed;

/* The machine's batch size B and context S along the row's ladder; the status
 * line says what moved (tui_machine.c). */
tui_key_handler tui_act_batch, tui_act_context;

/* A dynamic tree's K, STEPS and N by the row's ladder (new segment); the
 * status line says what changed, or why not (tui_dynamic.c). */
tui_key_handler tui_act_dyn_k, tui_act_dyn_steps, tui_act_dyn_n;

/* The view: the step selected, the position or token or tree node in it (by
 * the row's direction), the lower pane, slow motion, the screenshot, the
 * text, a redraw, the help, quit. */
tui_key_handler tui_act_older, tui_act_newer, tui_act_move, tui_act_lower, tui_act_slowmo,
    tui_act_slowmo_ask, tui_act_shot, tui_act_text, tui_act_redraw, tui_act_help,
    tui_act_quit;

/* A lesson's next chapter or the one before (by the row's direction): the run
 * starts again there (tui_lesson_goto). */
tui_key_handler tui_act_chapter;

#endif
