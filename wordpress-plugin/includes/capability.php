<?php
/**
 * The site content (Settings > Credimo: contenido) has a capability of its own, so that editors can keep it
 * without being administrators: granted to Administrators and Editors on activation (and once on the first admin
 * page after an update that brings it), removed on uninstall.
 */

if (!defined('ABSPATH')) {
    exit;
}

const CREDIMO_CONTENT_CAPABILITY = 'credimo_edit_content';
/** Raised when the roles granted change, so a site that updates without reactivating gets them too. */
const CREDIMO_CAPS_VERSION = 1;

/** The roles that get the capability. */
function credimo_content_roles() {
    return array('administrator', 'editor');
}

function credimo_grant_capabilities() {
    foreach (credimo_content_roles() as $name) {
        $role = get_role($name);
        if ($role) {
            $role->add_cap(CREDIMO_CONTENT_CAPABILITY);
        }
    }
    update_option('credimo_caps_version', CREDIMO_CAPS_VERSION);
}

function credimo_maybe_grant_capabilities() {
    if ((int) get_option('credimo_caps_version', 0) < CREDIMO_CAPS_VERSION) {
        credimo_grant_capabilities();
    }
}
add_action('admin_init', 'credimo_maybe_grant_capabilities', 1);

/** options.php asks manage_options by default: the content's option group asks the content's capability. */
add_filter('option_page_capability_credimo_content', function () {
    return CREDIMO_CONTENT_CAPABILITY;
});
