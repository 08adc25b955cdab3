package dev.execd.api.rest;

import dev.execd.api.ProcessList;
import dev.execd.api.SessionService;
import dev.execd.api.docs.ApiExamples;
import dev.execd.api.docs.ProblemResponses;
import dev.execd.session.Scope;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What runs in a session: its processes and the ports they listen on.
 */
@RestController
@RequestMapping(path = "/sessions", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Sessions")
class ProcessController {

	private final SessionService sessions;

	ProcessController(SessionService sessions) {
		this.sessions = sessions;
	}

	@Operation(operationId = "listProcesses", summary = "List a session's processes and their ports", description = """
			Every live process of the session's Unix session (the leader, its children, \
			background jobs; not what left it with `setsid` or by daemonizing), by pid: its \
			parent, process group, command line, state, start time, CPU time, resident \
			memory, whether it is in the terminal's foreground, and the TCP and UDP ports it \
			listens on (from `/proc/net/{tcp,tcp6,udp,udp6}` matched to its socket \
			descriptors). Use it to find what a session runs after losing track, which port \
			a dev server took, or what to kill. An exited session lists what it left \
			running for execd.limits.reap-interval (5 s) after its end, then nothing.""")
	@ApiResponse(responseCode = "200", description = "The processes.", useReturnTypeSchema = true)
	@ApiResponse(responseCode = "400", ref = ProblemResponses.BAD_REQUEST)
	@ApiResponse(responseCode = "404", ref = ProblemResponses.SESSION_NOT_FOUND)
	@GetMapping("/{id}/processes")
	ProcessList processes(Scope scope,
			@Parameter(description = SessionController.ID, example = ApiExamples.ID) @PathVariable String id) {
		return this.sessions.processes(scope, id);
	}

}
